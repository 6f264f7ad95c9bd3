import { loadConfig } from './config.js';
import { runAdminCommand } from './admin/commands.js';

// Operator commands on the server's database: `npm run admin -- reset-password [username]`.
// Reads the same environment as the server, so it finds the same data.
try {
  process.exitCode = await runAdminCommand(process.argv.slice(2), { config: loadConfig(), output: console, stdin: process.stdin });
} catch (error) {
  console.error('The command failed:', error);
  process.exitCode = 1;
}
