/** The part of @20minutes/s3rver (ships no types) the test bucket uses. */
declare module '@20minutes/s3rver' {
  interface S3rverOptions {
    address?: string;
    /** 0: a free port, read from `run()`'s answer. */
    port?: number;
    silent?: boolean;
    /** Where buckets and objects are kept, as files. */
    directory?: string;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
