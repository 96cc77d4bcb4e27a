import { useEffect, useRef, useState } from 'react';
import { saveFile } from '@/lib/save-file';
import type { TeacherResource } from '../api/teacher-resources';
import classes from './printable.module.css';
import { ResourceDocument, resourceFile } from './resource-document';

type Output = { resource: TeacherResource; to: 'paper' | 'file' };

/**
 * Print or download a guide from anywhere on the page: the guide is laid out once more in a container the screen
 * never shows (and paper shows alone), then printed, or its markup saved as a file of its own.
 */
export function useResourceOutput() {
  const [output, setOutput] = useState<Output | null>(null);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!output || !container.current) return;
    if (output.to === 'paper') window.print();
    else saveFile(resourceFile(output.resource, container.current.innerHTML), `${output.resource.id}.html`);
    setOutput(null);
  }, [output]);
  return {
    print: (resource: TeacherResource) => setOutput({ resource, to: 'paper' }),
    download: (resource: TeacherResource) => setOutput({ resource, to: 'file' }),
    printable: output && (
      <div ref={container} className={classes.printable}>
        <ResourceDocument resource={output.resource} />
      </div>
    ),
  };
}
