// s3rver ships no types: the part of its API the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

declare module 's3rver/lib/controllers/bucket.js' {
  /** The handler of GET (and so HEAD) of a bucket: Koa's context, as far as the tests touch it. */
  type BucketHandler = (ctx: { method: string; status: number }) => Promise<void>;
  const controller: { getBucket: BucketHandler };
  export default controller;
}
