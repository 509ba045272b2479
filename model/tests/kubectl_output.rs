//! kubectl's human output read column by column and section by section (issue 25, items 1, 5
//! and 6): `get` tables of every kind after any prompt, with or without header, cut, indented;
//! every STATUS/PHASE value with its meaning and layer; `describe` named, timed and read by
//! section; a multi-command paste read whole, later blocks winning over earlier ones.
//!
//! The shapes follow kubectl's printers (`pkg/printers/internalversion/printers.go`) and the
//! CRDs' additionalPrinterColumns in KubeVirt's
//! `pkg/virt-operator/resource/generate/components/crds.go` (VMI: NAME AGE PHASE IP NODENAME
//! READY, `-o wide` adds LIVE-MIGRATABLE PAUSED; VM: NAME AGE STATUS READY; VMIM: NAME PHASE
//! VMI) and CDI's DataVolume CRD (NAME PHASE PROGRESS RESTARTS AGE).

use model::cli::{CliOptions, diagnose_text};
use model::input::analyse;
use model::input::blocks::prompt_command;
use model::verdict::{Health, Layer};
use model::view::BlockFormat;

fn verdict(paste: &str) -> (Option<Layer>, Health, String) {
    let a = analyse(paste, None).unwrap_or_else(|e| panic!("not read: {e}\n{paste}"));
    let v = a.verdict();
    (v.layer, v.health, v.title)
}

fn exit_code(paste: &str) -> i32 {
    diagnose_text(paste, &CliOptions::default()).exit_code
}

fn formats(paste: &str) -> Vec<BlockFormat> {
    analyse(paste, None)
        .map(|a| a.blocks.iter().map(|b| b.format).collect())
        .unwrap_or_default()
}

const PROMPTS: [&str; 12] = [
    "$ ",
    "# ",
    "~$ ",
    "host:~ # ",
    "n1-hp6:~ # ",
    "[root@host ~]# ",
    "PS C:\\> ",
    "> ",
    "user@host:~/dir$ ",
    "root@master-1:~# ",
    "[user@bastion ~]$ ",
    "",
];

#[test]
fn every_prompt_form_gives_the_command() {
    for p in PROMPTS {
        for cmd in ["kubectl get vmi -A -o wide", "oc get vm", "k get pods -n x", "virtctl migrate web"] {
            let line = format!("{p}{cmd}");
            assert_eq!(prompt_command(&line), Some(cmd), "{line}");
        }
    }
}
