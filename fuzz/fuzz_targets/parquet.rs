#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mankala_fuzz::parquet(data));
