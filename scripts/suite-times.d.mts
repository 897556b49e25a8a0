/** See suite-times.mjs. */
export declare function fileTimes(log: string): Array<Record<string, number>>;
export declare function table(passes: Array<Record<string, number>>, top?: number): string;
