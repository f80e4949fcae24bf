// Plain JavaScript on purpose: it must run, and explain itself, on an old Node too.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`Klubovna needs Node.js 22.18 or newer (24 LTS recommended); this is ${process.version}.`);
  process.exit(1);
}
