//! Reading lines in bounded memory: a line longer than the caller's bound
//! is cut, and its rest skipped without being held, whatever the input
//! (`< /dev/zero` included). Knuth's format and the Sudoku reader share it.

use std::io::{self, BufRead, Read};

/// How [`read_bounded`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bounded {
    /// The input had no more bytes.
    End,
    /// A whole line was read.
    Line,
    /// The line has more than the bound: its first bytes were read, the rest
    /// is still to come.
    TooLong,
}

/// Reads the next line of `input` into `line` (cleared first), without its
/// `\n`, keeping at most `max` bytes: [`Bounded::TooLong`] when the line is
/// longer, with its first `max` bytes in `line` and the rest left unread
/// (see [`skip_line`]).
pub(crate) fn read_bounded<R: BufRead + ?Sized>(
    input: &mut R,
    line: &mut Vec<u8>,
    max: usize,
) -> io::Result<Bounded> {
    line.clear();
    let mut any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(if any { Bounded::Line } else { Bounded::End });
        }
        any = true;
        let room = max - line.len();
        // A line end within room, or just past it, ends a line that fits.
        let look = available.len().min(room + 1);
        if let Some(at) = available[..look].iter().position(|&b| b == b'\n') {
            line.extend_from_slice(&available[..at]);
            input.consume(at + 1);
            return Ok(Bounded::Line);
        }
        if available.len() > room {
            line.extend_from_slice(&available[..room]);
            input.consume(room);
            return Ok(Bounded::TooLong);
        }
        let n = available.len();
        line.extend_from_slice(available);
        input.consume(n);
    }
}

/// Reads and drops the rest of the current line of `input`, through its
/// `\n`, in constant memory.
pub(crate) fn skip_line<R: BufRead + ?Sized>(input: &mut R) -> io::Result<()> {
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(());
        }
        match available.iter().position(|&b| b == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(());
            }
            None => {
                let n = available.len();
                input.consume(n);
            }
        }
    }
}

/// A reader that counts the bytes read through it.
#[derive(Debug)]
pub(crate) struct Counted<R> {
    inner: R,
    consumed: u64,
}

impl<R> Counted<R> {
    pub(crate) fn new(inner: R) -> Counted<R> {
        Counted { inner, consumed: 0 }
    }

    /// The bytes read so far.
    pub(crate) fn consumed(&self) -> u64 {
        self.consumed
    }
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.consumed += n as u64;
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.consumed += amount as u64;
        self.inner.consume(amount);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `text` read with bound `max`, skipping the rest of
    /// long ones.
    fn lines(text: &[u8], max: usize, buffer: usize) -> Vec<(Bounded, Vec<u8>)> {
        let mut input = io::BufReader::with_capacity(buffer, text);
        let mut line = Vec::new();
        let mut out = Vec::new();
        loop {
            let end = read_bounded(&mut input, &mut line, max).unwrap();
            if end == Bounded::End {
                return out;
            }
            if end == Bounded::TooLong {
                skip_line(&mut input).unwrap();
            }
            out.push((end, line.clone()));
        }
    }

    #[test]
    fn lines_fit_or_are_cut_at_the_bound() {
        for buffer in [1, 2, 3, 7, 64] {
            let read = lines(b"abc\n\nabcd\nabcdefgh\nxy", 4, buffer);
            let expected: Vec<(Bounded, Vec<u8>)> = vec![
                (Bounded::Line, b"abc".to_vec()),
                (Bounded::Line, b"".to_vec()),
                (Bounded::Line, b"abcd".to_vec()),
                (Bounded::TooLong, b"abcd".to_vec()),
                (Bounded::Line, b"xy".to_vec()),
            ];
            assert_eq!(read, expected, "buffer {buffer}");
        }
    }

    #[test]
    fn bytes_are_counted_whether_read_or_consumed() {
        let mut input = Counted::new(io::BufReader::with_capacity(4, &b"abc\ndefghij\nk"[..]));
        let mut line = Vec::new();
        read_bounded(&mut input, &mut line, 8).unwrap();
        assert_eq!(input.consumed(), 4);
        read_bounded(&mut input, &mut line, 2).unwrap();
        skip_line(&mut input).unwrap();
        assert_eq!(input.consumed(), 12);
        let mut rest = String::new();
        input.read_to_string(&mut rest).unwrap();
        assert_eq!((rest.as_str(), input.consumed()), ("k", 13));
    }

    #[test]
    fn a_line_end_at_the_end_makes_no_extra_line() {
        assert_eq!(lines(b"a\n", 4, 8), vec![(Bounded::Line, b"a".to_vec())]);
        assert!(lines(b"", 4, 8).is_empty());
    }

    /// Reads fail once with `Interrupted`, then give their bytes.
    struct Flaky<'a> {
        text: &'a [u8],
        interrupt: bool,
    }

    impl io::Read for Flaky<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let n = buf.len().min(self.text.len()).min(2);
            buf[..n].copy_from_slice(&self.text[..n]);
            self.text = &self.text[n..];
            Ok(n)
        }
    }

    #[test]
    fn interrupted_reads_are_retried() {
        let flaky = Flaky {
            text: b"hello\nworld\n",
            interrupt: false,
        };
        let mut input = io::BufReader::with_capacity(2, flaky);
        let mut line = Vec::new();
        assert_eq!(
            read_bounded(&mut input, &mut line, 3).unwrap(),
            Bounded::TooLong
        );
        skip_line(&mut input).unwrap();
        assert_eq!(
            read_bounded(&mut input, &mut line, 8).unwrap(),
            Bounded::Line
        );
        assert_eq!(line, b"world");
    }
}
