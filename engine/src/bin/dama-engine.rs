//! `dama-engine`: the engine behind the line protocol documented in
//! [`dama_engine::protocol`], on standard input and output.

use std::io::{self, BufRead, Write};

use dama_engine::protocol::{Control, Session};

fn main() {
    let mut session = Session::new();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut stdout = io::stdout().lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // Bytes that are not UTF-8 become replacement characters, which no command accepts:
        // the sender gets an `error` line instead of the engine stopping.
        let line = String::from_utf8_lossy(&buf);
        let mut failed = false;
        let control = session.handle(&line, &mut |reply| {
            failed |= writeln!(stdout, "{reply}")
                .and_then(|()| stdout.flush())
                .is_err();
        });
        // A closed output means nobody is listening any more.
        if control == Control::Quit || failed {
            break;
        }
    }
}
