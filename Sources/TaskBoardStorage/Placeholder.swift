/// JSON files in a data directory.
public enum TaskBoardStorageModule {}
