import { useState } from 'react';

/** Selection mode (issue 25): whether it is on, and the chosen images by id. */
export function useSelection() {
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const stop = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  return {
    selecting,
    selected,
    toggle,
    start: () => setSelecting(true),
    stop,
    selectAll: (ids: string[]) => setSelected(new Set(ids)),
    clear: () => setSelected(new Set()),
  };
}

export type Selection = ReturnType<typeof useSelection>;
