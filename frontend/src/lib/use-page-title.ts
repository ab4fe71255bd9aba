import { useEffect } from 'react';

export const APP_NAME = 'Fulfilment Portal';

/** Names the browser tab after the screen: "Products · Fulfilment Portal". */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
