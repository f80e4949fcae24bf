// Manual inspection aid (not a test): starts the stack and keeps it up, printing the URL.
// Run: node e2e/support/inspect.ts
import { startKlubovna } from './klubovna.ts';

const app = await startKlubovna();
console.log(`Klubovna is running at ${app.server.url}/admin (admin ${'admin@klub.test'})`);
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
setInterval(() => {}, 1 << 30);
