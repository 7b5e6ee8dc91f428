/**
 * The `brook lab` page: one JupyterLab 4 notebook, built from the npm @jupyterlab packages (no
 * JupyterLab server extension: Debian's jupyter_server serves this page as a static file).
 *
 * In:  the page's URL, /static/brook-lab/index.html?path=NOTEBOOK&token=TOKEN (cli/lab.ts prints it);
 *      the server's REST and WebSocket API at the same origin, authenticated with that token.
 * Out: the notebook, opened with the kernel its metadata names (else "brook"), with a toolbar (save,
 *      insert, delete, run, run all, interrupt, restart, restart and run all, cell type, kernel name,
 *      busy indicator), Jupyter's notebook keyboard shortcuts (lab/commands.ts) and Tab completion.
 * Always: Vega-Lite v5 outputs render live through @jupyterlab/vega5-extension (vega-embed, with
 *      tooltips), ahead of the PNG the kernel also sends; everything else through JupyterLab's
 *      standard renderers. window.brookLab exposes the panel to the browser test.
 *
 * Shape: jupyterlab's examples/notebook/src/index.ts (completion in lab/completion.ts), without its
 *      search and MathJax.
 * scripts/build-lab.mjs bundles it into dist/lab/static/brook-lab/.
 */
import { PageConfig, PathExt } from '@jupyterlab/coreutils';
import { applyJupyterTheme } from '@jupyter/web-components';
import '@jupyterlab/application/style/index.css';
import '@jupyterlab/codemirror/style/index.css';
import '@jupyterlab/notebook/style/index.css';
import '@jupyterlab/theme-light-extension/style/theme.css';
import './page.css';

import type { IYText } from '@jupyter/ydoc';
import { SessionContextDialogs, Toolbar as AppToolbar, CommandToolbarButton } from '@jupyterlab/apputils';
import {
  CodeMirrorEditorFactory,
  CodeMirrorMimeTypeService,
  EditorExtensionRegistry,
  EditorLanguageRegistry,
  EditorThemeRegistry,
  ybinding,
} from '@jupyterlab/codemirror';
import { DocumentManager } from '@jupyterlab/docmanager';
import { DocumentRegistry } from '@jupyterlab/docregistry';
import { createMarkdownParser } from '@jupyterlab/markedparser-extension';
import {
  ExecutionIndicator,
  NotebookModelFactory,
  NotebookPanel,
  NotebookWidgetFactory,
  StaticNotebook,
  ToolbarItems,
  runCell,
  setCellExecutor,
} from '@jupyterlab/notebook';
import { RenderMimeRegistry, standardRendererFactories } from '@jupyterlab/rendermime';
import { EventManager, ServiceManager } from '@jupyterlab/services';
import { Toolbar } from '@jupyterlab/ui-components';
import vegaExtension from '@jupyterlab/vega5-extension';
import { CommandRegistry } from '@lumino/commands';
import { BoxPanel, Widget } from '@lumino/widgets';
import { COMMANDS, TOOLBAR_COMMANDS, setupCommands } from './commands';
import { setupCompletion } from './completion';

/** The kernel a notebook without a kernelspec in its metadata starts with (kernel/kernel-info.ts). */
const DEFAULT_KERNEL = 'brook';

/** The page is static, so its configuration comes from its own URL: the server's base URL is what
 *  precedes /static/, the token and the notebook's path are query parameters. */
function configureFromUrl(): string {
  const url = new URL(window.location.href);
  const at = url.pathname.indexOf('/static/');
  PageConfig.setOption('baseUrl', at >= 0 ? url.pathname.slice(0, at + 1) : '/');
  PageConfig.setOption('token', url.searchParams.get('token') ?? '');
  PageConfig.setOption('appName', 'Brook');
  return url.searchParams.get('path') ?? 'Untitled.ipynb';
}

/** Two languages only (JupyterLab's full list would bundle about 800 KB of grammars): TypeScript for
 *  code cells, also under the name `javascript` that the kernel's codemirror_mode gives (TypeScript's
 *  grammar reads JavaScript too), and Markdown for markdown cells. */
function languageRegistry(): EditorLanguageRegistry {
  const languages = new EditorLanguageRegistry();
  languages.addLanguage({
    name: 'TypeScript',
    alias: ['ts', 'javascript', 'js'],
    mime: ['text/typescript', 'application/typescript', 'text/javascript'],
    extensions: ['ts', 'js'],
    load: async () => (await import('@codemirror/lang-javascript')).javascript({ typescript: true }),
  });
  languages.addLanguage({
    name: 'ipythongfm',
    mime: 'text/x-ipythongfm',
    load: async () => (await import('@codemirror/lang-markdown')).markdown(),
  });
  return languages;
}

function editorExtensions(): EditorExtensionRegistry {
  const themes = new EditorThemeRegistry();
  for (const theme of EditorThemeRegistry.getDefaultThemes()) themes.addTheme(theme);
  const registry = new EditorExtensionRegistry();
  for (const factory of EditorExtensionRegistry.getDefaultExtensions({ themes })) registry.addExtension(factory);
  // The editor edits the cell's shared (Yjs) text, as in JupyterLab.
  registry.addExtension({
    name: 'shared-model-binding',
    factory: (options) => {
      const shared = options.model.sharedModel as IYText;
      return EditorExtensionRegistry.createImmutableExtension(ybinding({ ytext: shared.ysource, undoManager: shared.undoManager ?? undefined }));
    },
  });
  return registry;
}

function createApp(manager: ServiceManager.IManager, notebookPath: string): void {
  const commands = new CommandRegistry();
  document.addEventListener('keydown', (event) => commands.processKeydownEvent(event), true);
  setCellExecutor({ runCell });

  const languages = languageRegistry();
  const rendermime = new RenderMimeRegistry({
    initialFactories: standardRendererFactories,
    markdownParser: createMarkdownParser(languages),
  });
  // At the extension's rank (57), ahead of image/png (90): the kernel sends a PNG beside each
  // Vega-Lite spec for viewers without Vega. The factory itself has no default rank.
  rendermime.addFactory(vegaExtension.rendererFactory, vegaExtension.rank);

  const registry = new DocumentRegistry();
  const docManager = new DocumentManager({
    registry,
    manager,
    opener: { open: () => undefined, get opened() { return { connect: () => false, disconnect: () => false }; } } as never,
  });
  const editorFactory = new CodeMirrorEditorFactory({ extensions: editorExtensions(), languages });
  const dialogs = new SessionContextDialogs();
  const toolbarFactory = (panel: NotebookPanel): DocumentRegistry.IToolbarItem[] => [
    ...TOOLBAR_COMMANDS.map((id) => ({ name: id, widget: new CommandToolbarButton({ commands, id, args: { toolbar: true } }) })),
    { name: 'cellType', widget: ToolbarItems.createCellTypeItem(panel) },
    { name: 'spacer', widget: Toolbar.createSpacerItem() },
    { name: 'kernelName', widget: AppToolbar.createKernelNameItem(panel.sessionContext, dialogs) },
    { name: 'executionProgress', widget: ExecutionIndicator.createExecutionIndicatorItem(panel) },
  ];
  registry.addModelFactory(new NotebookModelFactory({}));
  registry.addWidgetFactory(
    new NotebookWidgetFactory({
      name: 'Notebook',
      modelName: 'notebook',
      fileTypes: ['notebook'],
      defaultFor: ['notebook'],
      preferKernel: true,
      canStartKernel: true,
      rendermime,
      contentFactory: new NotebookPanel.ContentFactory({ editorFactory: editorFactory.newInlineEditor }),
      mimeTypeService: new CodeMirrorMimeTypeService(languages),
      toolbarFactory,
      notebookConfig: { ...StaticNotebook.defaultNotebookConfig, windowingMode: 'none' },
    }),
  );

  const nbWidget = docManager.open(notebookPath, 'Notebook', { name: DEFAULT_KERNEL }) as NotebookPanel;
  const main = new BoxPanel();
  main.id = 'main';
  main.addClass('jp-ThemedContainer');
  main.addWidget(nbWidget);
  Widget.attach(main, document.body);
  window.addEventListener('resize', () => main.update());
  void nbWidget.context.ready.then(() => {
    document.title = `${PathExt.basename(notebookPath)} - Brook`;
  });
  setupCommands(commands, nbWidget, dialogs);
  setupCompletion(commands, nbWidget);
  nbWidget.content.activate();
  (window as unknown as { brookLab: unknown }).brookLab = { panel: nbWidget, commands, COMMANDS };
}

window.addEventListener('load', () => {
  applyJupyterTheme();
  const notebookPath = configureFromUrl();
  // jupyter_server 1.x has no event stream (/api/events, 2.x): an event manager that never
  // subscribes, rather than one that retries a 404 every few seconds for as long as the page is open.
  const manager = new ServiceManager({ events: new EventManager({ standby: () => true }) });
  void manager.ready.then(() => createApp(manager, notebookPath));
});
