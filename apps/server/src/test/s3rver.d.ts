/** The part of s3rver (no types of its own) that the test S3 server uses; it is a Koa application. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
    });
    /** Koa's middleware list (run in order). */
    middleware: unknown[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
