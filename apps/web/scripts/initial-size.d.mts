export declare const INITIAL_JS_BUDGET_BYTES: number;
export declare function initialJs(distDir: string): {
  files: { file: string; gzipBytes: number }[];
  totalGzipBytes: number;
};
