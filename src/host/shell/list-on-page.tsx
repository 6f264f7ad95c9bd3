import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

interface ListOnPage {
  resource: string | null;
  setResource(resource: string | null): void;
}

const ListContext = createContext<ListOnPage>({ resource: null, setResource: () => undefined });

/** Which resource list the page shows: the toolbar's export and column buttons act on it. */
export function ListOnPageProvider({ children }: { children: ReactNode }) {
  const [resource, setResource] = useState<string | null>(null);
  return <ListContext.Provider value={{ resource, setResource }}>{children}</ListContext.Provider>;
}

export const useListOnPage = () => useContext(ListContext).resource;

/** Called by a page that places a list. */
export function useDeclareList(resource: string | null) {
  const { setResource } = useContext(ListContext);
  useEffect(() => {
    setResource(resource);
    return () => setResource(null);
  }, [resource, setResource]);
}
