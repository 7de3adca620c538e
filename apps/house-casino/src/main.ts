// The house provider's game pages are built here (see apps/house-casino/README.md once written).
const root = document.getElementById('app');
if (root !== null) root.textContent = 'House casino';
