/** See eslintHandlerRules.mjs. */
export declare const handlerRules: { selector: string; message: string }[]
