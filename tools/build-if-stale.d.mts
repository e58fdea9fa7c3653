export declare const INPUTS: readonly string[];
export declare const OUTPUTS: readonly string[];
export declare const STAMP: string;
export declare function inputsFingerprint(root: string, env?: NodeJS.ProcessEnv): string;
export declare function buildNeeded(root: string, env?: NodeJS.ProcessEnv): boolean;
