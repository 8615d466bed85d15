//! The process's CPU time, so that the loop records how busy its steps kept the cores.

/// Clock ticks a second of `/proc/self/stat`'s times (Linux's `USER_HZ`, 100 on every
/// architecture it runs on).
const TICKS_PER_SECOND: f64 = 100.0;

/// User and system CPU seconds this process has used so far, all its threads together, in
/// hundredths of a second (Linux's `/proc/self/stat`); `None` where the platform does not
/// tell.
pub fn process_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // `pid (name) state ...`: the name may hold spaces and parentheses, so the fields are
    // counted from the last `)`; user time is the 14th field, system time the 15th.
    let fields: Vec<&str> = stat
        .get(stat.rfind(')')? + 1..)?
        .split_whitespace()
        .collect();
    let ticks = |k: usize| fields.get(k)?.parse::<u64>().ok();
    Some((ticks(11)? + ticks(12)?) as f64 / TICKS_PER_SECOND)
}

/// CPU seconds used since `start` (a [`process_seconds`] reading), where both are known.
pub fn since(start: Option<f64>) -> Option<f64> {
    Some((process_seconds()? - start?).max(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_on_two_threads_counts_the_cpu_time_of_both() {
        let start = process_seconds();
        assert!(start.is_some(), "/proc/self/stat on this platform");
        let spin = || {
            let t = std::time::Instant::now();
            let mut x = 0u64;
            while t.elapsed().as_millis() < 300 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
            }
            x
        };
        let wall = std::time::Instant::now();
        std::thread::scope(|s| {
            let a = s.spawn(spin);
            spin();
            a.join().unwrap();
        });
        let wall = wall.elapsed().as_secs_f64();
        let used = since(start).unwrap();
        // Two threads busy for 0.3 s each: more CPU than wall time unless the machine has
        // one core; never less than one thread's work.
        assert!(
            used >= 0.25,
            "{used} s of CPU for {wall} s of two busy threads"
        );
        assert_eq!(since(None), None);
    }
}
