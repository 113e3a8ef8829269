export declare function findPostgresBin(): string | undefined;
export declare function startTestPostgres(options?: {
  log?: (message: string) => void;
  own?: boolean;
}): Promise<{ url: string; stop(): Promise<void>; restart: ((whileDown?: () => Promise<void>) => Promise<void>) | undefined }>;
