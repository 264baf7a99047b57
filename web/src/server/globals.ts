// Installs the shims of ./shims.ts as globals where the engine has none.
// Imported first by the server entry (entry-server.tsx), so they exist
// before React's modules run.
import {
  clearTimeoutShim,
  consoleShim,
  cryptoShim,
  groupsThousands,
  MessageChannelShim,
  setTimeoutShim,
  TextEncoderShim,
  toLocaleStringEnUS,
  URLSearchParamsShim,
  URLShim,
} from './shims'

const g = globalThis as Record<string, unknown>
// Ours even where the engine has them: the host runs the tasks (runTasks)
// and reads what was written (takeConsole).
g.setTimeout = setTimeoutShim
g.clearTimeout = clearTimeoutShim
g.console = consoleShim
// react-dom/server.browser makes one of each as it loads.
g.MessageChannel ??= MessageChannelShim
g.TextEncoder ??= TextEncoderShim
// React Router makes a URL as it loads; the pages read search params.
g.URL ??= URLShim
g.URLSearchParams ??= URLSearchParamsShim
// The checkout's payment key, made as its module loads.
g.crypto ??= cryptoShim
// The contact form's "5,000 characters left".
if (!groupsThousands()) Number.prototype.toLocaleString = toLocaleStringEnUS
