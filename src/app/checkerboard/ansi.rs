//! Text for CheckerBoard: its calls take `char` strings in the system's ANSI code page
//! (CP1251 on a Russian Windows), into buffers of a fixed size. Elsewhere (the tests on
//! Linux) the bytes are UTF-8.

/// `text` in the system's code page, cut at a whole character to at most `room` bytes.
/// A character the code page lacks becomes the system's default character (`?`).
pub fn encode(text: &str, room: usize) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(room.min(text.len() * 2));
    let mut one = [0u8; 4];
    for c in text.chars() {
        let encoded = system::encode(c.encode_utf8(&mut one));
        if bytes.len() + encoded.0.len() > room {
            break;
        }
        bytes.extend_from_slice(&encoded.0);
    }
    bytes
}

/// Whether the system's code page has every character of `text`.
pub fn can_write(text: &str) -> bool {
    system::encode(text).1
}

/// A buffer of CheckerBoard's that takes a string and its end mark.
pub struct Buffer {
    start: *mut u8,
    size: usize,
}

impl Buffer {
    /// The buffer of `size` bytes at `start`; `None` for a null pointer or no room.
    ///
    /// # Safety
    ///
    /// `start` must be valid for writes of `size` bytes for as long as the buffer is used.
    pub unsafe fn new(start: *mut std::ffi::c_char, size: usize) -> Option<Buffer> {
        (!start.is_null() && size > 0).then_some(Buffer {
            start: start.cast(),
            size,
        })
    }

    /// Writes `text`, cut to fit, and the end mark.
    pub fn write(&self, text: &str) {
        let bytes = encode(text, self.size - 1);
        // SAFETY: `new`'s contract: `size` bytes from `start` may be written, and
        // `bytes` has at most `size - 1`, the end mark the last.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), self.start, bytes.len());
            self.start.add(bytes.len()).write(0);
        }
    }
}

#[cfg(windows)]
mod system {
    use windows_sys::Win32::Globalization::{CP_ACP, CP_UTF8, GetACP, WideCharToMultiByte};

    /// `text` in the ANSI code page, and whether every character was in it.
    pub fn encode(text: &str) -> (Vec<u8>, bool) {
        // SAFETY: GetACP takes nothing and reads the system's setting.
        if unsafe { GetACP() } == CP_UTF8 {
            return (text.as_bytes().to_vec(), true);
        }
        let wide: Vec<u16> = text.encode_utf16().collect();
        let Ok(length) = i32::try_from(wide.len()) else {
            return (Vec::new(), false);
        };
        if length == 0 {
            return (Vec::new(), true);
        }
        let mut lossy = 0;
        // SAFETY: `wide` holds `length` units; a null output with size 0 asks only for
        // the size; `lossy` is a valid BOOL to write to (allowed for this code page).
        let size = unsafe {
            WideCharToMultiByte(
                CP_ACP,
                0,
                wide.as_ptr(),
                length,
                std::ptr::null_mut(),
                0,
                std::ptr::null(),
                &mut lossy,
            )
        };
        let mut bytes = vec![0u8; usize::try_from(size).unwrap_or(0)];
        // SAFETY: as above, and `bytes` has the `size` bytes the first call asked for.
        let written = unsafe {
            WideCharToMultiByte(
                CP_ACP,
                0,
                wide.as_ptr(),
                length,
                bytes.as_mut_ptr(),
                size,
                std::ptr::null(),
                &mut lossy,
            )
        };
        bytes.truncate(usize::try_from(written).unwrap_or(0));
        (bytes, lossy == 0 && written > 0)
    }
}

#[cfg(not(windows))]
mod system {
    /// `text` as UTF-8: every character is there.
    pub fn encode(text: &str) -> (Vec<u8>, bool) {
        (text.as_bytes().to_vec(), true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_cut_at_a_whole_character_and_ends_with_the_mark() {
        let mut room = [0x55u8; 8];
        // SAFETY: `room` has 8 bytes and outlives the buffer.
        let buffer = unsafe { Buffer::new(room.as_mut_ptr().cast(), room.len()) }.unwrap();
        buffer.write("abcdefghij");
        assert_eq!(&room, b"abcdefg\0");
        buffer.write("ab");
        assert_eq!(&room[..3], b"ab\0");
        let cut = encode("ёлка", 5);
        assert!(cut.len() <= 5);
        assert!(String::from_utf8(cut).is_ok() || cfg!(windows));
    }

    #[test]
    fn a_null_buffer_takes_nothing() {
        // SAFETY: a null pointer is refused, never written.
        assert!(unsafe { Buffer::new(std::ptr::null_mut(), 10) }.is_none());
    }
}
