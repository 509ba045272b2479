// The paste page's analysis off the main thread (see src/lazy.rs): a module worker that imports
// the dump module's glue (same origin), instantiates the wasm module the page compiled and posted
// (`{module}`, first message), then answers each request `{id, op, arg}` with `{id, ok}` (the
// export's string) or `{id, err}`. It fetches and compiles nothing itself.
import init, * as dump from './dump_module.js';

const OPS = ['analyse_json', 'analyse_json_ja', 'share_encode', 'share_decode_json'];
let ready = Promise.reject(new Error('the dump analyser was not sent its module'));
ready.catch(() => {});

self.onmessage = async (e) => {
  const d = e.data;
  if (d.module) {
    ready = init({ module_or_path: d.module });
    ready.catch(() => {});
    return;
  }
  try {
    if (!OPS.includes(d.op)) throw new Error('unknown request ' + d.op);
    await ready;
    self.postMessage({ id: d.id, ok: dump[d.op](d.arg) });
  } catch (err) {
    self.postMessage({ id: d.id, err: String((err && err.message) || err) });
  }
};
