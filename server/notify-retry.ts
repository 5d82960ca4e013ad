// `npm run notify:retry`: emails sales every lead still pending or failed. Safe to run again
// (from cron, say): the email API drops repeats of a lead it already accepted.
import { readBackendConfig } from './config.ts'
import { runCommand } from './local-commands.ts'

const { output, exitCode } = await runCommand(readBackendConfig(), 'notify-retry', null)
;(exitCode === 0 ? process.stdout : process.stderr).write(output)
process.exitCode = exitCode
