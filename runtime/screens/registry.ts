/**
 * Screens that must be code, found by convention (`./convention.ts`): each `.tsx` under `pages/`
 * and `runtime/screens/` registers under its file's base name, which is what a page's `component`
 * names. Each is loaded with its page, in its own chunk.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenProps } from './types';
import { screenName } from './convention';

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;
type ScreenModule = { default: ComponentType<ScreenProps> };

const files = import.meta.glob<ScreenModule>(['/pages/**/*.tsx', '/runtime/screens/**/*.tsx']);

export const screens: Record<string, Screen> = Object.fromEntries(
  Object.entries(files).map(([file, load]) => [screenName(file)!, lazy(load)]),
);
