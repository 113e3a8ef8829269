export declare function findPostgresBin(): string | undefined;
export declare function startTestPostgres(options?: { log?: (message: string) => void }): Promise<{ url: string; stop(): Promise<void> }>;
