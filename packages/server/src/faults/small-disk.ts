import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A real, tiny file system (tmpfs) that can be filled to the last block and freed again. Mounting
// needs root (CAP_SYS_ADMIN), which CI has; elsewhere the disk-full suite reports itself skipped.

export interface SmallDisk {
  dir: string;
  /** Writes a filler file until the file system refuses another byte. */
  fill: () => void;
  /** Deletes the filler. */
  free: () => void;
  unmount: () => void;
}

function mount(dir: string, sizeMiB: number): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m,mode=0755`, 'tmpfs', dir], { stdio: 'pipe' });
}

/** Whether this process may mount a tmpfs (tried once, on a throwaway folder). */
export function canMountTmpfs(): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-mount-probe-'));
  try {
    mount(dir, 1);
    execFileSync('umount', [dir]);
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function writeUntilFull(file: string): void {
  const descriptor = fs.openSync(file, 'a');
  try {
    for (const size of [1024 * 1024, 64 * 1024, 4096, 512, 1]) {
      const chunk = Buffer.alloc(size, 0x20);
      try {
        for (;;) fs.writeSync(descriptor, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    fs.closeSync(descriptor);
  }
}

export function mountSmallDisk(sizeMiB: number): SmallDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-small-disk-'));
  mount(dir, sizeMiB);
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill: () => writeUntilFull(filler),
    free: () => fs.rmSync(filler, { force: true }),
    unmount: () => {
      execFileSync('umount', ['--lazy', dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every file under a folder, however deep (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
