export declare function canAptInstall(): boolean;
export declare function aptInstall(name: string, options?: { log?: (message: string) => void }): boolean;
