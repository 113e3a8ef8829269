export declare const FRAMEWORK_FILES: string[];
export declare function analyzeToScratch(): Promise<string>;
export declare function generateFrameworks(outDir?: string): Promise<string[]>;
export declare function filesUnder(dir: string): Promise<string[]>;
