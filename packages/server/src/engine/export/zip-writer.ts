import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A minimal streaming ZIP writer (deflate, UTF-8 names, no ZIP64): enough for XLSX files without a
 * dependency. Entries given as buffers are compressed at once; entries given as async iterables are
 * compressed as they arrive, their CRC and sizes following in a data descriptor.
 */
export interface ZipEntry {
  name: string;
  data: string | Buffer | AsyncIterable<string | Buffer>;
}

const LIMIT = 0xffff_ffff;
/** Bit 3: sizes in a data descriptor; bit 11: the name is UTF-8. */
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;

interface Written {
  name: Buffer;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

function dosDateTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/**
 * The fields local and central headers share (flags, deflate, time, date, CRC, sizes, name length),
 * written from `at`: they sit 2 bytes further in a central header.
 */
function writeEntryFields(header: Buffer, at: number, entry: Written, stamp: { time: number; day: number }) {
  header.writeUInt16LE(entry.flags, at);
  header.writeUInt16LE(8, at + 2);
  header.writeUInt16LE(stamp.time, at + 4);
  header.writeUInt16LE(stamp.day, at + 6);
  header.writeUInt32LE(entry.crc, at + 8);
  header.writeUInt32LE(entry.compressedSize, at + 12);
  header.writeUInt32LE(entry.size, at + 16);
  header.writeUInt16LE(entry.name.length, at + 20);
}

function localHeader(entry: Written, stamp: { time: number; day: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  writeEntryFields(header, 6, entry, stamp);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function centralHeader(entry: Written, stamp: { time: number; day: number }): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  writeEntryFields(header, 8, entry, stamp);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/** Deflates a stream as it comes, counting its CRC and sizes into `entry`. */
async function* deflateStreaming(source: AsyncIterable<string | Buffer>, entry: Written) {
  async function* counted() {
    for await (const chunk of source) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      if (bytes.length === 0) continue;
      entry.crc = zlib.crc32(bytes, entry.crc);
      entry.size += bytes.length;
      yield bytes;
    }
  }
  const deflate = zlib.createDeflateRaw({ level: 6 });
  // An error in the source destroys the deflate stream, which ends the loop below with that error.
  pipeline(Readable.from(counted()), deflate, () => {});
  for await (const chunk of deflate as AsyncIterable<Buffer>) {
    entry.compressedSize += chunk.length;
    yield chunk;
  }
}

/** The ZIP file's bytes, produced as the entries' data arrive. */
export async function* zipChunks(entries: Iterable<ZipEntry>): AsyncGenerator<Buffer> {
  const stamp = dosDateTime(new Date());
  const written: Written[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const entry: Written = {
      name: Buffer.from(name, 'utf8'),
      flags: FLAG_UTF8,
      crc: 0,
      compressedSize: 0,
      size: 0,
      offset,
    };
    if (typeof data === 'string' || Buffer.isBuffer(data)) {
      const bytes = Buffer.from(data);
      const compressed = zlib.deflateRawSync(bytes);
      Object.assign(entry, { crc: zlib.crc32(bytes), compressedSize: compressed.length, size: bytes.length });
      const header = localHeader(entry, stamp);
      yield header;
      yield compressed;
      offset += header.length + compressed.length;
    } else {
      entry.flags |= FLAG_DESCRIPTOR;
      const header = localHeader(entry, stamp);
      yield header;
      offset += header.length;
      for await (const chunk of deflateStreaming(data, entry)) {
        yield chunk;
        offset += chunk.length;
      }
      if (entry.size > LIMIT || entry.compressedSize > LIMIT) throw new Error('ZIP entry larger than 4 GiB');
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(entry.crc, 4);
      descriptor.writeUInt32LE(entry.compressedSize, 8);
      descriptor.writeUInt32LE(entry.size, 12);
      yield descriptor;
      offset += descriptor.length;
    }
    if (offset > LIMIT) throw new Error('ZIP file larger than 4 GiB');
    written.push(entry);
  }
  const central = Buffer.concat(written.map((entry) => centralHeader(entry, stamp)));
  yield central;
  yield endOfCentralDirectory(written.length, central.length, offset);
}
