// Copy buttons of the site's pages: <button data-copy="element-id"> copies that element's text.
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
  button.addEventListener('click', async () => {
    const source = document.getElementById(button.dataset.copy ?? '');
    const status = document.getElementById('copy-status');
    if (!source) return;
    try {
      await navigator.clipboard.writeText((source.textContent ?? '').trim());
      if (status) status.textContent = 'Copied.';
    } catch {
      getSelection()?.selectAllChildren(source);
      if (status) status.textContent = 'Selected: press Ctrl+C (or ⌘C) to copy.';
    }
  });
}
