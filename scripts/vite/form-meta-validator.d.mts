import type { Plugin } from 'vite';
export function formMetaValidatorCode(): string;
export function formMetaValidator(): Plugin;
