/**
 * Monaco, bundled locally (never a CDN) and loaded only when the JSON dialog first opens: this
 * module is imported lazily. Slim entry points only: the editor API, JSON language and its worker.
 */
import { useEffect, useRef } from 'react';
import Editor, { loader, type OnMount } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/language/json/monaco.contribution';
// The JSON language loads this module (every editor contribution) lazily, after the first editor
// has set up its services; a second editor then met contributions whose services were never
// registered ("[createInstance] ... depends on UNKNOWN service ICodeLensCache"). Loaded up front,
// everything is registered before the first editor starts.
import 'monaco-editor/internal/common/workers';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

(self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
  getWorker(_id: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};
loader.config({ monaco });

export interface JsonEditorProps {
  value: string;
  onChange: (value: string) => void;
}

export default function JsonEditor({ value, onChange }: JsonEditorProps) {
  const editorRef = useRef<Parameters<OnMount>[0] | null>(null);
  useEffect(() => {
    // test and automation hook: read or replace the text while the dialog is open
    (window as unknown as Record<string, unknown>).__designerJson = {
      get: () => editorRef.current?.getValue() ?? value,
      set: (text: string) => {
        editorRef.current?.setValue(text);
        onChange(text);
      },
    };
    return () => {
      delete (window as unknown as Record<string, unknown>).__designerJson;
    };
  });
  return (
    <div data-testid="json-editor" style={{ border: '1px solid #d9d9d9' }}>
      <Editor
        height="60vh"
        language="json"
        value={value}
        onChange={(text) => onChange(text ?? '')}
        onMount={(editor) => {
          editorRef.current = editor;
        }}
        options={{ tabSize: 2, insertSpaces: true, minimap: { enabled: false }, automaticLayout: true, scrollBeyondLastLine: false, fontSize: 13 }}
      />
    </div>
  );
}
