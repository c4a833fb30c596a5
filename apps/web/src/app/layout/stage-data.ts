// The signed-in screens' first evaluation stage (issue 31 §2): RTK Query's data layer, then a new task
// for the layout's components and the screen's own chunks (see boot/stage-react.ts).
import '../store/api';
import { nextTask } from '../../lib/next-task';

await nextTask();
