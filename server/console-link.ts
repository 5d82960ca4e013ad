// `npm run console:link`: prints a fresh one-time sign-in link to /console for the local owner
// (LOCAL_OWNER_EMAIL), through the running `npm start` when there is one, else on the data itself.
import { readBackendConfig } from './config.ts'
import { runCommand } from './local-commands.ts'

const { output, exitCode } = await runCommand(readBackendConfig(), 'console-link', {})
process.stdout.write(output)
process.exitCode = exitCode
