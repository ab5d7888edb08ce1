/** Drag-and-drop ids and collision detection: the innermost droppable under the pointer wins. */
import { pointerWithin, rectIntersection, type CollisionDetection } from '@dnd-kit/core';
import type { Container } from '../schemas/src/designer-rules';

export interface DropData {
  container: Container;
  index: number;
}

export type DragData = { kind: 'palette'; compType: string } | { kind: 'item'; id: string };

export const containerKey = (container: Container): string => {
  switch (container.kind) {
    case 'root': return 'root';
    case 'col': return `col:${container.rowId}:${container.col}`;
    case 'dynamic': return `dyn:${container.tableId}`;
    case 'cell': return `cell:${container.tableId}:${container.r}:${container.c}`;
  }
};

export const innermost: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const list = hits.length ? hits : rectIntersection(args);
  const area = (id: string | number) => {
    const rect = args.droppableRects.get(id);
    return rect ? rect.width * rect.height : Number.MAX_VALUE;
  };
  return [...list].sort((a, b) => area(a.id) - area(b.id));
};
