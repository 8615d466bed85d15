//! Foreign readers (Parquet and Arrow, burn's weight files) panic on some corrupt files. A
//! read run through [`caught`] turns such a panic into an error the caller names the file in;
//! the panic's own message is not printed.

std::thread_local! {
    /// Set while a [`caught`] read runs on this thread: its panics are reported as errors.
    static GUARDED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `read`; a panic inside it comes back as `Err` with the panic's message.
///
/// # Errors
/// The panic's message (or "no detail").
pub fn caught<T>(read: impl FnOnce() -> T) -> Result<T, String> {
    static QUIET_HOOK: std::sync::Once = std::sync::Once::new();
    QUIET_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !GUARDED.with(std::cell::Cell::get) {
                previous(info);
            }
        }));
    });
    let was = GUARDED.with(|g| g.replace(true));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(read));
    GUARDED.with(|g| g.set(was));
    result.map_err(|panic| {
        panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied())
            .unwrap_or("no detail")
            .to_string()
    })
}
