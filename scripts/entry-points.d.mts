/** See entry-points.mjs. */
export declare const entryPoints: ReadonlyArray<{ in: string; out: string }>;
