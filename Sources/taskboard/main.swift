print("taskboard: not yet")
