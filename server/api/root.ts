import { annotationRouter } from './routers/annotation.router';
import { chooserRouter } from './routers/chooser.router';
import { datasetRouter } from './routers/dataset.router';
import { imageRouter } from './routers/image.router';
import { labelRouter } from './routers/label.router';
import { projectRouter } from './routers/project.router';
import { settingsRouter } from './routers/settings.router';
import { splitRouter } from './routers/split.router';
import { transferRouter } from './routers/transfer.router';
import { folderRouter } from './routers/folder.router';
import { teamworkRouter } from './routers/teamwork.router';
import { authRouter, userRouter } from './routers/user.router';
import { withOneStepProcedures } from './procedure-steps';
import { createCallerFactory, router } from './trpc';

// Routers with literal paths (choosers, importstatus, exportstatus) come before those
// with {project_name}: trpc-to-openapi matches routes in this order.
export const appRouter = withOneStepProcedures(
  router({
    chooser: chooserRouter,
    transfer: transferRouter,
    project: projectRouter,
    image: imageRouter,
    annotation: annotationRouter,
    label: labelRouter,
    settings: settingsRouter,
    dataset: datasetRouter,
    split: splitRouter,
    auth: authRouter,
    users: userRouter,
    teamwork: teamworkRouter,
    folders: folderRouter,
  }),
);

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
