import { useEffect, useRef } from 'react';
import { commandTargets, LIST_COMMANDS } from '../shared/commands.js';

/** Answers the page's `associa-export`, `associa-export-cancel` and `associa-columns` commands meant for this resource. */
export function useListCommands(resource: string, handlers: { onExport(): void; onCancelExport(): void; onColumns(): void }): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onExport = (event: CustomEvent<{ resource?: string } | null>) => {
      if (commandTargets(event, resource)) latest.current.onExport();
    };
    const onColumns = (event: CustomEvent<{ resource?: string } | null>) => {
      if (commandTargets(event, resource)) latest.current.onColumns();
    };
    const onCancelExport = (event: CustomEvent<{ resource?: string } | null>) => {
      if (commandTargets(event, resource)) latest.current.onCancelExport();
    };
    document.addEventListener(LIST_COMMANDS.export, onExport);
    document.addEventListener(LIST_COMMANDS.columns, onColumns);
    document.addEventListener(LIST_COMMANDS.cancelExport, onCancelExport);
    return () => {
      document.removeEventListener(LIST_COMMANDS.export, onExport);
      document.removeEventListener(LIST_COMMANDS.columns, onColumns);
      document.removeEventListener(LIST_COMMANDS.cancelExport, onCancelExport);
    };
  }, [resource]);
}
