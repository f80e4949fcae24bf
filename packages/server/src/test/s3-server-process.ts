// s3rver in a process of its own (`startS3ServerProcess` in s3-server.ts): prints its TestS3Server's
// endpoint and bucket as one JSON line, and stops and removes its folder on SIGTERM.
import { startS3Server } from './s3-server.ts';

const server = await startS3Server();
process.stdout.write(`${JSON.stringify({ endpoint: server.endpoint, bucket: server.bucket })}\n`);
process.once('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
