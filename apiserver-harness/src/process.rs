//! The server processes: each in a process group of its own, killed with its group on drop.
//!
//! Processes are spawned by one keeper thread that never ends, so `PR_SET_PDEATHSIG` (which fires
//! when the *thread* that forked the child ends) kills them only when the test binary itself
//! dies, even by SIGKILL, and never while a test's runtime thread comes and goes.

use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Mutex, OnceLock};

type Request = (Command, Sender<std::io::Result<Child>>);

/// The keeper thread's inbox.
fn keeper() -> &'static Mutex<Sender<Request>> {
    static KEEPER: OnceLock<Mutex<Sender<Request>>> = OnceLock::new();
    KEEPER.get_or_init(|| {
        let (tx, rx) = channel::<Request>();
        std::thread::Builder::new()
            .name("apiserver-keeper".into())
            .spawn(move || {
                for (mut command, reply) in rx {
                    let _ = reply.send(command.spawn());
                }
                // The inbox is static and never closed: park rather than end the thread.
                loop {
                    std::thread::park();
                }
            })
            .expect("spawn the keeper thread");
        Mutex::new(tx)
    })
}

/// A running process, leader of its own process group.
pub struct Group {
    name: &'static str,
    child: Child,
}

impl Group {
    /// Starts `command` in a new process group, to die with the test binary.
    pub fn spawn(name: &'static str, mut command: Command) -> std::io::Result<Group> {
        command.process_group(0);
        // SAFETY: prctl is async-signal-safe.
        unsafe {
            command.pre_exec(|| {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let (tx, rx) = channel();
        keeper()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .send((command, tx))
            .map_err(|_| std::io::Error::other("the keeper thread is gone"))?;
        let child = rx
            .recv()
            .map_err(|_| std::io::Error::other("the keeper thread did not answer"))??;
        Ok(Group { name, child })
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// `Some(status)` once the process has exited.
    pub fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// Resident memory of the group leader, in bytes (from `/proc/<pid>/status`).
    pub fn rss_bytes(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).ok()?;
        let kb = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))?
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse::<u64>()
            .ok()?;
        Some(kb * 1024)
    }

    pub fn name(&self) -> &'static str {
        self.name
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        let pgid = self.child.id() as libc::pid_t;
        // SAFETY: a signal to the process group this value created (its leader's pid is the
        // group id, and the leader is not reaped until `wait` below, so the id is not reused).
        unsafe { libc::kill(-pgid, libc::SIGKILL) };
        let _ = self.child.wait();
    }
}
