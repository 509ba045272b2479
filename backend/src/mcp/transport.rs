//! MCP's stdio transport: one JSON-RPC message per line on standard input, one answer per line
//! on standard output (nothing else is written there; logs go to standard error). Requests are
//! answered in order. A line longer than [`MAX_LINE_BYTES`] is skipped to its end and answered
//! with an invalid-request error, so a runaway client cannot make the server hold it.

use super::protocol::{self, INVALID_REQUEST};
use super::tools::Tools;
use serde_json::Value;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWrite, AsyncWriteExt};

/// The longest message read: `diagnose_dump`'s text, escaped as JSON (at most doubled, and
/// `\u` escapes are rare), with room for the envelope.
pub fn max_line_bytes() -> usize {
    super::offline::max_text_bytes() * 2 + 64 * 1024
}

/// Serves `input` until it ends.
pub async fn serve<R, W>(tools: &Tools, input: R, mut output: W) -> std::io::Result<()>
where
    R: AsyncBufRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut input = input;
    let limit = max_line_bytes();
    let mut line = Vec::new();
    loop {
        line.clear();
        let (read, whole) = read_line(&mut input, &mut line, limit).await?;
        if read == 0 {
            return Ok(());
        }
        let answer = if !whole {
            Some(protocol::error(
                Value::Null,
                INVALID_REQUEST,
                format!("message longer than {limit} bytes"),
            ))
        } else {
            match std::str::from_utf8(&line) {
                Ok(text) if text.trim().is_empty() => None,
                Ok(text) => protocol::handle_line(tools, text).await,
                Err(_) => Some(protocol::error(
                    Value::Null,
                    protocol::PARSE_ERROR,
                    "message is not UTF-8",
                )),
            }
        };
        if let Some(answer) = answer {
            let mut bytes = serde_json::to_vec(&answer).unwrap_or_default();
            bytes.push(b'\n');
            output.write_all(&bytes).await?;
            output.flush().await?;
        }
    }
}

/// Reads one line into `buf` (without its newline), keeping at most `limit` bytes: the bytes
/// consumed (0 at the end) and whether the line fit.
async fn read_line<R: AsyncBufRead + Unpin>(
    input: &mut R,
    buf: &mut Vec<u8>,
    limit: usize,
) -> std::io::Result<(usize, bool)> {
    let mut consumed = 0;
    let mut whole = true;
    loop {
        let chunk = input.fill_buf().await?;
        if chunk.is_empty() {
            return Ok((consumed, whole));
        }
        let (take, done) = match chunk.iter().position(|b| *b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let content = &chunk[..if done { take - 1 } else { take }];
        if whole && buf.len() + content.len() <= limit {
            buf.extend_from_slice(content);
        } else {
            whole = false;
            buf.clear();
        }
        input.consume(take);
        consumed += take;
        if done {
            return Ok((consumed, whole));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_line_over_the_limit_is_skipped_to_its_end() {
        let text = format!("abc\n{}\ntail", "x".repeat(20));
        let mut input = tokio::io::BufReader::with_capacity(4, text.as_bytes());
        let mut buf = Vec::new();
        assert_eq!(
            read_line(&mut input, &mut buf, 10).await.unwrap(),
            (4, true)
        );
        assert_eq!(buf, b"abc");
        buf.clear();
        assert_eq!(
            read_line(&mut input, &mut buf, 10).await.unwrap(),
            (21, false)
        );
        assert!(buf.is_empty());
        assert_eq!(
            read_line(&mut input, &mut buf, 10).await.unwrap(),
            (4, true)
        );
        assert_eq!(buf, b"tail");
        buf.clear();
        assert_eq!(read_line(&mut input, &mut buf, 10).await.unwrap().0, 0);
    }
}
