// Values the global setup hands to the test files (vitest's provide/inject).
declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:{port} of the console server started for this run. */
    baseUrl: string;
    /** LIFEBOAT_RESTIC_ROOTS of that server: where tests make their restic repositories. */
    resticRoot: string;
  }
}

export {};
