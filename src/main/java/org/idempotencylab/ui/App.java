package org.idempotencylab.ui;

import javafx.application.Application;
import javafx.stage.Stage;

/** Placeholder until the window lands. */
public final class App extends Application {
    @Override
    public void start(Stage stage) {
        stage.show();
    }

    public static void main(String[] args) {
        launch(App.class, args);
    }
}
