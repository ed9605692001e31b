import './viewer.css';
import { ViewerPage } from './viewer-page.ts';

void ViewerPage.start(document);
