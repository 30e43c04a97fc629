import type { DragEvent } from 'react';

/** Handlers that make an element take a dragged post: `onDrop` gets nothing when nothing movable is dragged. */
export function dropTarget(accepts: () => boolean, onDrop: () => void) {
  return {
    onDragOver: (event: DragEvent) => {
      if (!accepts()) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
    },
    onDrop: (event: DragEvent) => {
      if (!accepts()) return;
      event.preventDefault();
      onDrop();
    },
  };
}
