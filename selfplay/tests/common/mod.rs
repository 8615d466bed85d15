//! What the self-play tests share.

use std::path::PathBuf;

/// A fresh temporary folder, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// The folder for the test `name` of this process, emptied.
    pub fn new(name: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("mankala-selfplay-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
