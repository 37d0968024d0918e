export default function Loading() {
  return (
    <div className="loading-screen" role="status">
      <div className="spinner" />
      <span>Loading...</span>
    </div>
  );
}
