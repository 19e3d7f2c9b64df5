// The one `z` the shared schemas are built with. In the browser zod runs jitless: its
// faster parser compiles code with `new Function`, which the CSP forbids (script-src
// 'self', no 'unsafe-eval'), and even its probe for that is reported as a violation. The
// flag is read when a schema is built, so it is set here, before any schema module runs.
// The server keeps the compiled parser.
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
