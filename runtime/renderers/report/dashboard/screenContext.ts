/** Whether a dashboard is shown as a big screen (dark): its charts draw with the dark theme. */
import { createContext, useContext } from 'react';

export const ScreenContext = createContext(false);
export const useOnScreen = () => useContext(ScreenContext);
