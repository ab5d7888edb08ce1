/** Screens that must be code, registered by the name a page's `component` gives. Each is its own chunk. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageDef } from '../router/types';

export interface ScreenProps {
  page: PageDef;
}

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

export const screens: Record<string, Screen> = {
  Login: lazy(() => import('./login/LoginScreen')),
  NotFound: lazy(() => import('./NotFound')),
  Unauthorized: lazy(() => import('./Unauthorized')),
  Dashboard: lazy(() => import('./Dashboard')),
  EnquiryQuoteMessage: lazy(() => import('../realtime/ChatPage')),
  FormDesigner: lazy(() => import('../../pages/designer/DesignerScreen')),
  FormView: lazy(() => import('../../pages/designer/ViewScreen')),
};
